import type { Role } from '../../combat/steps';

export const roles: readonly Role[] = ['attacker', 'defender'];
