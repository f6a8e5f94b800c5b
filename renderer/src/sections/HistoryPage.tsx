export { HistoryListPage as HistoryPage } from '../history/HistoryListPage';
