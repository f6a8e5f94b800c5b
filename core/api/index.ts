export * from './contract';
export * from './reply';
export * from './backend';
export * from './dispatch';
export * from './client';
export { formatPath, fieldProblems, type FieldProblem } from './issues';
export * from './identity';
