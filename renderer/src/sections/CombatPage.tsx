import { List } from '@mantine/core';
import { NothingHereYet, Section } from './Section';

const plannedSystems = [
  'Warhammer 40,000 10th edition — the attack sequence',
  'Warhammer Fantasy Battle (the "old world" ranks game) — close combat',
  'Epic Armageddon — the assault',
  'Warhammer 40,000 6th/7th edition — close combat',
  'The Ninth Age — melee',
];

export function CombatPage() {
  return (
    <Section
      title="Combat"
      intro="Walks both players through a combat step by step: what to roll, what each roll needs and why, and who decides."
    >
      <NothingHereYet>No rule system is available in this version yet. The combat wizards will start here, one per system:</NothingHereYet>
      <List size="lg" spacing="xs">
        {plannedSystems.map((name) => (
          <List.Item key={name}>{name}</List.Item>
        ))}
      </List>
    </Section>
  );
}
