/** One row of the bench's table: what is measured, the figure, the goal and whether it is met. */
export type Verdict = 'met' | 'NOT MET' | 'not measured' | '';

export interface Row {
  readonly measure: string;
  readonly figure: string;
  readonly goal: string;
  readonly verdict: Verdict;
}
