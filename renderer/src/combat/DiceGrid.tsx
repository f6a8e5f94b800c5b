import { Group, Text } from '@mantine/core';
import { inSixes } from './diceText';

/**
 * The typed dice read back as faces, in blocks of six, so 40 dice can be checked against the table
 * at a glance (a one-line box scrolls sideways and hides them). A die that passes is filled black;
 * the rest stay white: the marks read in black and white. Only the step's own numbers are used.
 */
export function DiceGrid({
  faces,
  passOn,
  testId,
}: {
  faces: readonly number[];
  passOn?: number | undefined;
  testId: string;
}) {
  if (faces.length === 0) return null;
  return (
    <Group gap="md" wrap="wrap" data-testid={testId} aria-label={`Dice entered: ${faces.join(' ')}`} role="group">
      {inSixes(faces).map((six, block) => (
        <Group key={block} gap={4} wrap="nowrap" data-testid={`${testId}-six`}>
          {six.map((face, i) => {
            const passes = passOn !== undefined && face >= passOn;
            return (
              <Text
                key={i}
                component="span"
                ff="monospace"
                fw={700}
                size="xl"
                ta="center"
                w={34}
                h={34}
                lh="30px"
                data-testid={`${testId}-face`}
                data-passes={passes}
                style={{
                  border: '2px solid black',
                  borderRadius: 6,
                  background: passes ? '#222' : 'white',
                  color: passes ? 'white' : 'black',
                }}
              >
                {face}
              </Text>
            );
          })}
        </Group>
      ))}
    </Group>
  );
}
