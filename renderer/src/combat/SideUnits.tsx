import { memo } from 'react';
import type { CombatView } from '../../../core/api/view';
import { drawsFormations, FormationPictures } from './FormationPicture';
import { UnitPanel } from './UnitPanel';

/**
 * Both sides' units as the wizard and the replay show them. A ranks game (units with a formation)
 * shows every unit of both sides with its rank diagram, attacker first and the legend once; an
 * attack sequence shows the target's models first, and the attacker's only where it has models.
 * An assault of formations (units that say how they are engaged) is drawn as both formations.
 * Memoised on the view: the odds arrive three times a step (the round's, then the whole combat's
 * twice) and re-render the page, and the units — the largest part of it — have not changed.
 */
export const SideUnits = memo(function SideUnits({ view }: { view: CombatView }) {
  const { attacker, defender } = view.sides;
  if (drawsFormations(view)) return <FormationPictures view={view} />;
  const ranked = [...attacker.units, ...defender.units].some((u) => u.formation);
  if (ranked) {
    return (
      <>
        <UnitPanel title="Attacker" units={attacker.units} color="red" legend={false} notes={attacker.notes} />
        <UnitPanel title="Defender" units={defender.units} color="blue" notes={defender.notes} />
      </>
    );
  }
  return (
    <>
      <UnitPanel title="Defender" units={defender.units} color="blue" notes={defender.notes} />
      {attacker.units.some((u) => u.models.length > 0) && (
        <UnitPanel title="Attacker" units={attacker.units} color="red" notes={attacker.notes} />
      )}
    </>
  );
});
