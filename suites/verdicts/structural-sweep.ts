/**
 * The fixed sweeps of faults: every cell of the structural dimension (or every literal form of a
 * zero), packed into as few bodies as the faults allow (part 7: all failures come back together),
 * sent side by side. A body whose answer breaks a rule is taken apart (faults-apart.ts), so that a 5xx,
 * or a failure left out, is credited to the rule of the fault that caused it rather than to every
 * fault of the body. A conforming target never costs those extra requests.
 */
import {
  type AppliedFault,
  applyFaults,
  type FinancialEvent,
  packStructuralFaults,
} from '../../generators/index.ts';
import { judgementOf, type Violation } from '../../oracle/index.ts';
import { EVENTS_PATH, type EventType } from '../../spec/index.ts';
import { validPayin, validPayout } from '../samples/sample-events.ts';
import type { ServiceClient, ServiceResponse } from '../transport/service-client.ts';
import { judgeFaultsApart } from './faults-apart.ts';
import { judgeStructuralAnswer, type StructuralOutcome } from './structural-verdict.ts';
import { settle } from './verdicts.ts';

/** The faults one body carries, on a base event of one type. */
export interface FaultPlan {
  readonly type: EventType;
  readonly faults: readonly AppliedFault[];
}

export interface SweepFinding {
  readonly violations: readonly Violation[];
  readonly response: ServiceResponse;
}

export interface SweepResult {
  readonly findings: readonly SweepFinding[];
  /** One line a body: its faults and what the target did with them. */
  readonly readings: readonly string[];
  readonly bodies: number;
}

const baseOf = (type: EventType, runId: string): FinancialEvent =>
  (type === 'INTERNAL_PAYOUT'
    ? validPayout(runId, 'shape')
    : validPayin(runId, 'shape')) as unknown as FinancialEvent;

const sendOne = async (
  client: ServiceClient,
  runId: string,
  type: EventType,
  faults: readonly AppliedFault[],
): Promise<StructuralOutcome> => {
  const sample = applyFaults(baseOf(type, runId), faults);
  const response = await client.send({ method: 'POST', path: EVENTS_PATH, rawBody: sample.body });
  return judgeStructuralAnswer(sample, response, (uuid) => client.retrieve(uuid));
};

const sweepBody = async (
  client: ServiceClient,
  runId: string,
  plan: FaultPlan,
): Promise<{ findings: readonly SweepFinding[]; reading: string }> => {
  const { whole, findings } = await judgeFaultsApart(plan.faults, (faults) =>
    sendOne(client, runId, plan.type, faults),
  );
  return {
    findings,
    reading: `${plan.faults.map((fault) => fault.description).join('; ')} → ${whole.reading}`,
  };
};

/** Sends every body (all at once: the client paces them) and gathers what broke. */
export const sweepFaultPlans = async (
  client: ServiceClient,
  runId: string,
  plans: readonly FaultPlan[],
): Promise<SweepResult> => {
  const results = await Promise.all(plans.map((plan) => sweepBody(client, runId, plan)));
  return {
    findings: results.flatMap((result) => result.findings),
    readings: results.map((result) => result.reading),
    bodies: plans.length,
  };
};

/** The structural sweep: every cell of the dimension, packed. */
export const sweepStructuralFaults = (client: ServiceClient, runId: string): Promise<SweepResult> =>
  sweepFaultPlans(client, runId, packStructuralFaults());

/** Settles what a sweep found, each violation shown with the exchange that shows it. */
export const failOnFindings = (findings: readonly SweepFinding[]): void =>
  settle(
    findings.map((finding) => ({
      judgement: judgementOf(finding.violations),
      exchange: finding.response.exchange,
    })),
  );
