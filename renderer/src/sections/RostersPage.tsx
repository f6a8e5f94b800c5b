import { NothingHereYet, Section } from './Section';

export function RostersPage() {
  return (
    <Section title="Rosters" intro="Your armies, kept on this machine: each roster holds its units and their profiles for one rule system.">
      <NothingHereYet>
        No rosters are stored yet. Rosters will be created and edited here, and imported or exported as .ccroster.json
        files, so that a combat can pick its attacker and defender from them.
      </NothingHereYet>
    </Section>
  );
}
