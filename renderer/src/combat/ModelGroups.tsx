import { Badge, Group, Stack, Text } from '@mantine/core';
import type { ModelView } from '../../../core/api/view';
import { groupsOf, modelWords, summariseGroup, type ModelGroup } from './modelGroups';

/**
 * A unit of groups of identical models (the host's view gives each model its group): each group
 * once, its name, how many stand and its profile, then a square per model. Standing models are
 * filled, wounded ones filled as far as their wounds left with a white dot, the slain hollow and
 * crossed; a model with a tag of its own is ringed and named. Everything reads in black and white:
 * fill, crosses and words, never colour alone.
 */

const SIZE = 26;

function Square({ model, ringed }: { model: ModelView; ringed: boolean }) {
  const dead = model.destroyed;
  const wounded = !dead && model.woundsLeft < model.wounds;
  const filled = model.wounds > 0 ? model.woundsLeft / model.wounds : 0;
  const words = `${model.name}: ${modelWords(model)}`;
  return (
    <svg
      width={SIZE}
      height={SIZE}
      viewBox={`0 0 ${SIZE} ${SIZE}`}
      role="img"
      aria-label={words}
      data-testid={`model-${model.id}`}
      data-destroyed={dead}
      data-wounds-left={model.woundsLeft}
    >
      <title>{words}</title>
      {dead ? (
        <>
          <rect
            x={1}
            y={1}
            width={SIZE - 2}
            height={SIZE - 2}
            fill="white"
            stroke="#555"
            strokeWidth={1.5}
            strokeDasharray="3 2"
          />
          <path d={`M6 6 L${SIZE - 6} ${SIZE - 6} M${SIZE - 6} 6 L6 ${SIZE - 6}`} stroke="#555" strokeWidth={2} />
        </>
      ) : (
        <>
          <rect x={1} y={1} width={SIZE - 2} height={SIZE - 2} fill="white" stroke="black" strokeWidth={2} />
          {/* The wounds left as a fill from the bottom; a white dot marks the wounded model. */}
          <rect x={1} y={1 + (SIZE - 2) * (1 - filled)} width={SIZE - 2} height={(SIZE - 2) * filled} fill="#222" />
          {wounded && <circle cx={SIZE / 2} cy={SIZE / 2} r={4} fill="white" stroke="black" strokeWidth={1.5} />}
        </>
      )}
      {ringed && <rect x={2} y={2} width={SIZE - 4} height={SIZE - 4} fill="none" stroke="black" strokeWidth={4} />}
    </svg>
  );
}

function GroupBlock({ group }: { group: ModelGroup }) {
  const { models, name } = group;
  const s = summariseGroup(group);
  return (
    <Stack gap={4} data-testid={`model-group-${group.id}`} data-standing={s.standing}>
      <Group gap="xs" wrap="wrap" align="baseline">
        <Text fw={700} size="lg" td={s.standing === 0 ? 'line-through' : undefined}>
          {name}
          {models.length > 1 ? ` ×${models.length}` : ''}
        </Text>
        <Text size="lg" data-testid={`model-group-state-${group.id}`}>
          {s.state}
        </Text>
        {s.wounded.length > 0 && (
          <Text c="gray.8">
            · wounded: {s.wounded.map((m) => `${m.name} (${m.woundsLeft}/${m.wounds})`).join(', ')}
          </Text>
        )}
      </Group>
      {s.shared.length > 0 && (
        <Text size="sm" c="gray.7">
          {s.shared.join(' · ')}
        </Text>
      )}
      <Group gap={4} wrap="wrap">
        {models.map((m) => (
          <Square key={m.id} model={m} ringed={s.singled.some((x) => x.model.id === m.id)} />
        ))}
      </Group>
      {s.singled.map(({ model, tags }) => (
        <Badge
          key={model.id}
          variant="outline"
          color="dark"
          size="lg"
          tt="none"
          fw={600}
          maw="100%"
          style={{ whiteSpace: 'normal', height: 'auto' }}
        >
          {model.name}: {tags.join(' · ')}
        </Badge>
      ))}
    </Stack>
  );
}

/** Every group of a unit's models, in the view's order. */
export function ModelGroups({ models }: { models: readonly ModelView[] }) {
  return (
    <Stack gap="sm" data-testid="model-groups">
      {groupsOf(models).map((g) => (
        <GroupBlock key={g.id} group={g} />
      ))}
    </Stack>
  );
}
