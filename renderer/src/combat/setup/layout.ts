/** A system's setup layout: data the host sends with the system's setup schema (core/combat/setupLayout.ts). */
export type { RosterFill, SetupLayout } from '../../../../core/api/view';
