import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A section's page frame: its title, one line on what it is for, then its content. */
export function Section({ title, intro, children }: { title: string; intro: string; children?: ReactNode }) {
  return (
    <Stack gap="md" maw={900}>
      <Title order={1}>{title}</Title>
      <Text size="lg" c="gray.7">
        {intro}
      </Text>
      {children}
    </Stack>
  );
}

/** What an empty section shows: what will be here, and nothing pretending to be data. */
export function NothingHereYet({ children }: { children: ReactNode }) {
  return (
    <Text
      size="lg"
      p="lg"
      bd="1px dashed var(--mantine-color-gray-5)"
      style={{ borderRadius: 'var(--mantine-radius-md)' }}
    >
      {children}
    </Text>
  );
}
