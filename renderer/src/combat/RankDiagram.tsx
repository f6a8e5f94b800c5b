import { Badge, Group, Stack, Text } from '@mantine/core';
import { Fragment, useId, type ReactNode } from 'react';
import type { Formation, ModelView, UnitView } from '../../../core/api/view';
import { CasualtySquare, HatchPattern } from './svgMarks';

/**
 * A ranked unit as a block of squares, drawn from the view the host gives (formation + models):
 * front rank at the top, characters in it at its left (each in place of a rank-and-file model), standing models filled,
 * casualties (taken from the rear rank) hollow and crossed, the partly wounded model half filled.
 * Everything reads in black and white: fill, hatching, crosses and text, never colour alone.
 */

const SIZE = 30;
const GAP = 5;
const STEP = SIZE + GAP;

function Square({
  x,
  y,
  model,
  character,
  pattern,
}: {
  x: number;
  y: number;
  model: ModelView;
  character: boolean;
  pattern: string;
}) {
  const dead = model.destroyed;
  const wounded = !dead && model.woundsLeft < model.wounds;
  const title = `${model.name}: ${dead ? 'casualty' : wounded ? `wounded, ${model.woundsLeft} of ${model.wounds} wounds left` : 'standing'}`;
  return (
    <g data-testid={`rank-model-${model.id}`} data-state={dead ? 'dead' : wounded ? 'wounded' : 'standing'}>
      <title>{title}</title>
      {dead ? (
        <CasualtySquare x={x} y={y} size={SIZE} ink="#555" />
      ) : character ? (
        <>
          <rect x={x} y={y} width={SIZE} height={SIZE} fill={`url(#${pattern})`} stroke="black" strokeWidth={3} />
          <circle cx={x + SIZE / 2} cy={y + SIZE / 2} r={7} fill="white" stroke="black" strokeWidth={1.5} />
          <text x={x + SIZE / 2} y={y + SIZE / 2 + 4} textAnchor="middle" fontSize={11} fontWeight={700} fill="black">
            C
          </text>
        </>
      ) : wounded ? (
        <>
          <rect x={x} y={y} width={SIZE} height={SIZE} fill="white" stroke="black" strokeWidth={2} />
          {/* The wounds left as a fill from the bottom; a white dot marks the wounded model. */}
          <rect
            x={x}
            y={y + SIZE * (1 - model.woundsLeft / model.wounds)}
            width={SIZE}
            height={SIZE * (model.woundsLeft / model.wounds)}
            fill="#222"
          />
          <circle cx={x + SIZE / 2} cy={y + SIZE / 2} r={4} fill="white" stroke="black" strokeWidth={1.5} />
        </>
      ) : (
        <rect x={x} y={y} width={SIZE} height={SIZE} fill="#222" stroke="black" strokeWidth={2} />
      )}
      {wounded && character && (
        <circle cx={x + SIZE - 4} cy={y + 4} r={4} fill="white" stroke="black" strokeWidth={1.5} />
      )}
    </g>
  );
}

/** Where each square goes and what the block comes to, counted from the squares themselves so the text always matches the picture. */
function rankLayout(unit: UnitView, formation: Formation) {
  const width = Math.max(1, formation.rankWidth);
  const rankAndFile = unit.models.filter((m) => !m.character);
  const characters = unit.models.filter((m) => m.character);
  const files = formation.startingModels > 0 ? width : 0;
  // A character fights in the front rank in place of a rank-and-file model (the ranks games): drawn
  // in the rank, the rank and file after him. A unit of characters alone is a row of them.
  const inRank = files > 0 && characters.length < width ? characters.length : 0;
  const rows = Math.max(1, Math.ceil((rankAndFile.length + inRank) / width));
  const charCols = inRank > 0 ? 0 : characters.length;
  const gapCols = charCols > 0 && files > 0 ? 0.5 : 0;
  const standing = rankAndFile.filter((m) => !m.destroyed).length;
  return {
    width,
    rankAndFile,
    characters,
    inRank,
    charCols,
    gapCols,
    svgWidth: (charCols + gapCols + files) * STEP + GAP + 2,
    svgHeight: rows * STEP + GAP + 20,
    standing,
    // Ranks as they stand; which of them count, and the bonus, are the system's rule (from the host).
    ranks: Math.ceil(standing / width),
    standingChars: characters.filter((m) => !m.destroyed).length,
  };
}
type RankLayout = ReturnType<typeof rankLayout>;

/** The unit's block and what it comes to: ranks, rank bonus, Unit Strength, status. */
export function RankDiagram({ unit, formation }: { unit: UnitView; formation: Formation }) {
  const pattern = `hatch-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const layout = rankLayout(unit, formation);
  const gone = !formation.inCombat;
  return (
    <Stack
      gap={6}
      data-testid="rank-diagram"
      data-unit={unit.name}
      data-standing={layout.standing}
      data-status={formation.status}
    >
      <Group gap="xs" wrap="wrap">
        <Text fw={700} size="lg">
          {unit.name}
        </Text>
        {formation.status !== 'fighting' && (
          <Badge
            size="lg"
            radius="sm"
            variant={gone ? 'filled' : 'outline'}
            color={gone ? 'dark' : 'gray'}
            data-testid="rank-status"
          >
            {formation.status.toUpperCase()}
          </Badge>
        )}
      </Group>
      <div style={{ position: 'relative', maxWidth: '100%', overflowX: 'auto' }}>
        <RankBlock unit={unit} formation={formation} layout={layout} pattern={pattern} />
      </div>
      <Text size="md" data-testid="rank-summary">
        <RankSummary formation={formation} layout={layout} />
      </Text>
    </Stack>
  );
}

/** The block of squares: the front edge at the top, characters, then the rank and file; struck through once the unit is gone. */
function RankBlock({
  unit,
  formation,
  layout,
  pattern,
}: {
  unit: UnitView;
  formation: Formation;
  layout: RankLayout;
  pattern: string;
}) {
  const { width, rankAndFile, characters, inRank, charCols, gapCols, svgWidth, svgHeight } = layout;
  const gone = !formation.inCombat;
  return (
    <svg
      role="img"
      aria-label={`${unit.name}: ${layout.standing} of ${formation.startingModels} rank and file in ${layout.ranks} ranks ${width} wide, ${layout.standingChars} of ${characters.length} characters; ${formation.status}`}
      width={svgWidth}
      height={svgHeight}
      viewBox={`0 0 ${svgWidth} ${svgHeight}`}
      style={{ display: 'block', opacity: gone ? 0.55 : 1 }}
    >
      <defs>
        <HatchPattern id={pattern} size={6} ground="#888" />
      </defs>
      {/* The front: what the unit faces (its enemy is engaged with this edge unless it fights in a flank or rear). */}
      <text x={2} y={12} fontSize={12} fontWeight={700} fill="black">
        ▲ FRONT
      </text>
      <line x1={1} y1={17} x2={svgWidth - 1} y2={17} stroke="black" strokeWidth={3} />
      {characters.map((m, i) => (
        <Square key={m.id} x={GAP + i * STEP} y={20 + GAP} model={m} character pattern={pattern} />
      ))}
      {rankAndFile.map((m, i) => (
        <Square
          key={m.id}
          x={GAP + (charCols + gapCols) * STEP + ((i + inRank) % width) * STEP}
          y={20 + GAP + Math.floor((i + inRank) / width) * STEP}
          model={m}
          character={false}
          pattern={pattern}
        />
      ))}
      {gone && (
        <line x1={0} y1={svgHeight} x2={svgWidth} y2={20} stroke="black" strokeWidth={4} data-testid="rank-struck" />
      )}
    </svg>
  );
}

/** What the block comes to: the facts that apply, a middle dot between each (Unit Strength only in the games that count it). */
function RankSummary({ formation, layout }: { formation: Formation; layout: RankLayout }) {
  const { standing, ranks, width, characters, standingChars } = layout;
  const counting = formation.countingRanks;
  if (formation.wipedOut)
    return (
      <>
        <b>Nothing left</b>: the unit is {formation.status}.
      </>
    );
  return [
    formation.startingModels > 0 && (
      <Fragment key="ranks">
        <b>{standing}</b> of {formation.startingModels} models · {ranks} {ranks === 1 ? 'rank' : 'ranks'} {width} wide ·{' '}
        <b>rank bonus +{formation.rankBonus}</b> ({counting} {counting === 1 ? 'rank counts' : 'ranks count'}
        {formation.rankNote ? <>; {formation.rankNote}</> : null})
      </Fragment>
    ),
    characters.length > 0 && (
      <Fragment key="characters">
        {standingChars} of {characters.length} {characters.length === 1 ? 'character' : 'characters'}
      </Fragment>
    ),
    formation.unitStrength !== undefined && <b key="us">US {formation.unitStrength}</b>,
    formation.facing !== 'front' && <Fragment key="facing">fights in the enemy&apos;s {formation.facing}</Fragment>,
  ]
    .filter(Boolean)
    .flatMap((part, i) => (i === 0 ? [part] : [<Fragment key={`dot${i}`}> · </Fragment>, part]));
}

/** The key to the squares, once per panel. */
export function RankLegend({ rankRule }: { rankRule: string }) {
  const item = (label: string, svg: ReactNode) => (
    <Group gap={4} wrap="nowrap">
      <svg width={16} height={16} viewBox="0 0 16 16" aria-hidden>
        {svg}
      </svg>
      <Text size="sm">{label}</Text>
    </Group>
  );
  return (
    <Group gap="md" wrap="wrap" data-testid="rank-legend">
      {item('standing', <rect x={1} y={1} width={14} height={14} fill="#222" />)}
      {item(
        'wounded',
        <>
          <rect x={1} y={1} width={14} height={14} fill="white" stroke="black" strokeWidth={1.5} />
          <rect x={1} y={8} width={14} height={7} fill="#222" />
        </>,
      )}
      {item(
        'casualty',
        <>
          <rect x={1} y={1} width={14} height={14} fill="white" stroke="#555" strokeDasharray="3 2" />
          <path d="M4 4 L12 12 M12 4 L4 12" stroke="#555" strokeWidth={2} />
        </>,
      )}
      {item(
        'character',
        <>
          <rect x={1} y={1} width={14} height={14} fill="#888" stroke="black" strokeWidth={2} />
          <circle cx={8} cy={8} r={4} fill="white" />
        </>,
      )}
      <Text size="sm" c="gray.7">
        rank bonus: {rankRule}
      </Text>
    </Group>
  );
}
