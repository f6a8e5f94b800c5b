import { Alert, Button, Card, Group, Loader, SimpleGrid, Stack, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useClient } from '../api/ClientContext';
import { useHostQuery } from '../api/hostQuery';
import { NothingHereYet, Section } from './Section';

/** Combat: pick a rule system, then its setup screen starts the wizard. */
export function CombatPage() {
  const client = useClient();
  const systems = useHostQuery(['combat.systems'], () => client.combatSystems({}));
  // Every system the host has gets the shared setup screen, built from its setup schema.
  const available = systems.data ?? [];
  return (
    <Section
      title="Combat"
      intro="Walks both players through a combat step by step: what to roll, what each roll needs and why, and who decides."
    >
      {systems.isPending && <Loader aria-label="Loading the rule systems" />}
      {systems.isError && <Alert color="red">{systems.error.message}</Alert>}
      {systems.isSuccess && available.length === 0 && (
        <NothingHereYet>No rule system is available in this version yet.</NothingHereYet>
      )}
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
    </Section>
  );
}
