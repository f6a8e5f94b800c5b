import { Alert, Button, Card, Group, List, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { useClient } from '../api/ClientContext';
import { useHostQuery } from '../api/hostQuery';
import { SchemaSetup } from '../combat/setup/SchemaSetup';
import { layoutFor } from '../combat/setupScreens';
import { NothingHereYet, Section } from './Section';

/** Systems planned, by the id they will have: one disappears from the list once the host offers it. */
const comingSystems: Array<[id: string, name: string]> = [
  ['old-world', 'Warhammer Fantasy Battle (the "old world" ranks game) — close combat'],
  ['epic-armageddon', 'Epic Armageddon — the assault'],
  ['wh40k-7e', 'Warhammer 40,000 6th/7th edition — close combat'],
  ['ninth-age', 'The Ninth Age — melee'],
];

/** Combat: pick a rule system, then its setup screen starts the wizard. */
export function CombatPage() {
  const client = useClient();
  const systems = useHostQuery(['combat.systems'], () => client.combatSystems({}));
  // Every system the host has gets the shared setup screen, built from its setup schema.
  const available = systems.data ?? [];
  const offered = new Set(available.map((s) => s.id));
  return (
    <Section title="Combat" intro="Walks both players through a combat step by step: what to roll, what each roll needs and why, and who decides.">
      {systems.isPending && <Loader aria-label="Asking the host for its rule systems" />}
      {systems.isError && <Alert color="red">{systems.error.message}</Alert>}
      {systems.isSuccess && available.length === 0 && <NothingHereYet>No rule system is available in this version yet.</NothingHereYet>}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {available.map((system) => (
          <Card key={system.id} withBorder padding="lg">
            <Stack gap="sm">
              <Title order={2} size="h3">
                {system.name}
              </Title>
              <Group>
                <Button size="lg" component={Link} to={`/combat/new/${system.id}`} data-testid={`start-${system.id}`}>
                  Start a combat
                </Button>
              </Group>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      <Text size="lg" mt="md">
        Coming next:
      </Text>
      <List size="lg" spacing="xs">
        {comingSystems.filter(([id]) => !offered.has(id)).map(([, name]) => (
          <List.Item key={name}>{name}</List.Item>
        ))}
      </List>
    </Section>
  );
}

/** /combat/new/:system — the setup screen of that system (the host says when there is no such system). */
export function CombatSetupPage() {
  const { system = '' } = useParams();
  return <SchemaSetup key={system} system={system} layout={layoutFor(system)} />;
}
