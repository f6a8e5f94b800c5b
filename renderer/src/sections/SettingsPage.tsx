import { NothingHereYet, Section } from './Section';

export function SettingsPage() {
  return (
    <Section title="Settings" intro="Preferences for this machine.">
      <NothingHereYet>
        There is nothing to set yet. Preferences such as how dice are entered and the print page size will be here.
      </NothingHereYet>
    </Section>
  );
}
