export { RosterListPage as RostersPage } from '../rosters/RosterListPage';
