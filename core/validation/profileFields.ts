import {
  flag,
  labelList,
  listOf,
  nameText,
  oneOf,
  optionalRoll,
  rollNeeded,
  saveOrNone,
  strictObject,
  wholeNumber,
} from './fields';

/**
 * Building blocks for unit profiles: the shared field builders of core/validation/fields.ts under
 * the names the roster profiles use. Every message is in words ("expected a number from 1 to 14")
 * because import reports them to the player next to the field.
 */
export const stat = wholeNumber;
export const rollTarget = rollNeeded;
export const saveTarget = saveOrNone;
export const optionalSave = () => optionalRoll(2, 6);
export const name = nameText;
export const labels = labelList;
export { flag, oneOf };
export const list = listOf;
export const record = strictObject;
