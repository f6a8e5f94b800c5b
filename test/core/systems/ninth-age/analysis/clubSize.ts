import { ninthAge, type Setup } from '../../../../../core/systems/ninth-age';
import { conformance } from '../../../../../core/systems/ninth-age/conformance';

/**
 * The club-size melee of the round model's tests and bench (issue 34), as the system declares it
 * (conformance.ts `combats.club`): 25 Men-at-arms with a Captain charge 25 Halberdiers with a
 * Sergeant carrying the Battle Standard, five wide, each unit with a standard.
 */
export const clubSize = (): Setup => ninthAge.setupSchema.parse(conformance.combats.club);
