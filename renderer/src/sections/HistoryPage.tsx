import { NothingHereYet, Section } from './Section';

export function HistoryPage() {
  return (
    <Section title="History" intro="Every combat resolved with the app, stored with its dice so it can be replayed and printed.">
      <NothingHereYet>
        No combats are stored yet. Each finished combat will be listed here by date; opening one replays it step by step.
      </NothingHereYet>
    </Section>
  );
}
