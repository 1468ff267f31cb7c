/** The seal's name as made or changed: the shared rule (step 2 of a change shows it too). */
export { sealNameFor } from '@seal/shared/rules/seal-names'
