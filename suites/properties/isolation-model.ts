/**
 * The model-based isolation test's commands (fast-check `fc.commands`): tenant A creates, updates and
 * reads its events; tenant B tries to read and to update them by their uuids. The model is what A's
 * events must hold; B must get exactly "unknown uuid" (404 ERR-4002) and never change anything, on
 * every read the deployment offers: GET and `?versions=true` (where it is no reading of the deployment,
 * its answer is GET's or a refusal, and the judgement is the same).
 *
 * Commands are generated before they run, so they carry data, not ids: an event's externalId is given
 * when it is created (fresh for every run and every shrink), an update is a change applied to whichever
 * event it lands on, and an event is picked by a number taken modulo the events A has.
 */
import * as fc from 'fast-check';
import {
  eventFieldsArbitrary,
  type FinancialEvent,
  type FinancialEventFields,
  validUpdateArbitrary,
} from '../../generators/index.ts';
import {
  judgeForeignReadRefused,
  judgeForeignUpdateRefused,
  judgeOtherTenantReadRevealsNothing,
  judgeRefusedPutUnseen,
  judgeUnchangedByForeignPut,
  judgeUuidNotGivenBefore,
} from '../../oracle/index.ts';
import { eventPath } from '../../spec/index.ts';
import { propertyCheck } from '../property-runner/property-checks.ts';
import { commandsReplayPath } from '../property-runner/property-runs.ts';
import type { ServiceClient } from '../transport/service-client.ts';
import { postEvent, putEvent } from './property-requests.ts';

/** A keeps few events, so that reads and updates land on the same ones again. */
export const MAX_EVENTS_OF_A = 3;
export const MAX_COMMANDS = 10;

/** What A's events must hold, in the order A created them. */
export interface IsolationModel {
  readonly events: FinancialEvent[];
}

export interface IsolationSystem {
  readonly a: ServiceClient;
  readonly b: ServiceClient;
  /** The uuids of A's events, in the order of the model's events. */
  readonly uuids: string[];
  readonly nextId: () => string;
}

type Command = fc.AsyncCommand<IsolationModel, IsolationSystem>;

/**
 * The changes of an update, for an event of either type: a valid update of a template of each type
 * (validUpdateArbitrary: a new status, originalStatus and amount, sometimes a new payload of the type
 * and new multiCurrencyAmounts). The event's own externalId, type, country and currency are kept.
 */
export interface Change {
  readonly payin: FinancialEvent;
  readonly payout: FinancialEvent;
}

const TEMPLATE: Omit<FinancialEvent, 'type' | 'payload'> = {
  externalId: 'template',
  countryCode: 'DE',
  currencyCode: 'EUR',
  amount: 10,
  status: 'PENDING',
  originalStatus: 'PENDING',
  multiCurrencyAmounts: [],
};

const changeArbitrary = (): fc.Arbitrary<Change> =>
  fc.record({
    payin: validUpdateArbitrary({ ...TEMPLATE, type: 'INTERNAL_PAYIN', payload: {} }),
    payout: validUpdateArbitrary({ ...TEMPLATE, type: 'INTERNAL_PAYOUT', payload: {} }),
  });

/** The event with the change applied: what a PUT of it sends and, if it succeeds, what GET must show. */
export const applyChange = (event: FinancialEvent, change: Change): FinancialEvent => {
  const source = event.type === 'INTERNAL_PAYIN' ? change.payin : change.payout;
  return {
    ...event,
    status: source.status,
    originalStatus: source.originalStatus,
    amount: source.amount,
    payload: source.payload,
    multiCurrencyAmounts: source.multiCurrencyAmounts,
  };
};

/** GET ?versions=true of an event: every state it had, in the readings that keep them. */
const versionsOf = (client: ServiceClient, uuid: string) =>
  client.send({ method: 'GET', path: `${eventPath(uuid)}?versions=true` });

const describeChange = (change: Change): string =>
  `payin→${change.payin.status} ${change.payin.amount} | payout→${change.payout.status} ${change.payout.amount}`;

const hasEvents = (model: Readonly<IsolationModel>): boolean => model.events.length > 0;
const indexOf = (model: Readonly<IsolationModel>, pick: number): number => pick % model.events.length;

const eventAt = (model: Readonly<IsolationModel>, system: IsolationSystem, pick: number) => {
  const index = indexOf(model, pick);
  return { index, event: model.events[index] as FinancialEvent, uuid: system.uuids[index] as string };
};

class ACreates implements Command {
  readonly fields: FinancialEventFields;
  constructor(fields: FinancialEventFields) {
    this.fields = fields;
  }
  check(model: Readonly<IsolationModel>): boolean {
    return model.events.length < MAX_EVENTS_OF_A;
  }
  async run(model: IsolationModel, system: IsolationSystem): Promise<void> {
    const event: FinancialEvent = { externalId: system.nextId(), ...this.fields };
    const response = await postEvent(system.a, event);
    const uuid = propertyCheck.created(response);
    propertyCheck.verdict(judgeUuidNotGivenBefore(system.uuids, uuid), response);
    system.uuids.push(uuid);
    model.events.push(event);
  }
  toString(): string {
    return `A creates ${this.fields.type} ${this.fields.amount} ${this.fields.currencyCode}`;
  }
}

class AUpdates implements Command {
  readonly pick: number;
  readonly change: Change;
  constructor(pick: number, change: Change) {
    this.pick = pick;
    this.change = change;
  }
  check = hasEvents;
  async run(model: IsolationModel, system: IsolationSystem): Promise<void> {
    const { index, event, uuid } = eventAt(model, system, this.pick);
    const next = applyChange(event, this.change);
    // PUT's rules are not shown: a deployment may refuse an update cleanly, and then nothing changes.
    if (propertyCheck.update(await putEvent(system.a, uuid, next)) === 'applied') model.events[index] = next;
  }
  toString(): string {
    return `A updates its event #${this.pick} (${describeChange(this.change)})`;
  }
}

class AReads implements Command {
  readonly pick: number;
  constructor(pick: number) {
    this.pick = pick;
  }
  check = hasEvents;
  async run(model: IsolationModel, system: IsolationSystem): Promise<void> {
    const { event, uuid } = eventAt(model, system, this.pick);
    propertyCheck.sameEvent(await system.a.retrieve(uuid), event);
  }
  toString(): string {
    return `A reads its event #${this.pick}`;
  }
}

class BReads implements Command {
  readonly pick: number;
  constructor(pick: number) {
    this.pick = pick;
  }
  check = hasEvents;
  async run(model: IsolationModel, system: IsolationSystem): Promise<void> {
    const { event, uuid } = eventAt(model, system, this.pick);
    for (const response of [await system.b.retrieve(uuid), await versionsOf(system.b, uuid)]) {
      propertyCheck.error(response, judgeForeignReadRefused);
      propertyCheck.verdict(judgeOtherTenantReadRevealsNothing(response, event.externalId), response);
    }
  }
  toString(): string {
    return `B reads A's event #${this.pick}`;
  }
}

class BUpdates implements Command {
  readonly pick: number;
  readonly change: Change;
  constructor(pick: number, change: Change) {
    this.pick = pick;
    this.change = change;
  }
  check = hasEvents;
  async run(model: IsolationModel, system: IsolationSystem): Promise<void> {
    const { event, uuid } = eventAt(model, system, this.pick);
    // A valid body: had the service let B at A's event, it would have applied it. A's event is read
    // back at once, so that a change B made is credited to isolation, not to a later read.
    // Its originalStatus is a name only B's write carries: A's history must not show it either.
    const marker = `B's write ${system.nextId()}`;
    propertyCheck.error(
      await putEvent(system.b, uuid, { ...applyChange(event, this.change), originalStatus: marker }),
      judgeForeignUpdateRefused,
    );
    propertyCheck.sameEvent(await system.a.retrieve(uuid), event, judgeUnchangedByForeignPut);
    const versions = await versionsOf(system.a, uuid);
    propertyCheck.verdict(judgeRefusedPutUnseen(versions, marker), versions);
  }
  toString(): string {
    return `B updates A's event #${this.pick} (${describeChange(this.change)})`;
  }
}

const pickArbitrary = fc.nat({ max: MAX_EVENTS_OF_A - 1 });

const createdFieldsArbitrary = (): fc.Arbitrary<FinancialEventFields> =>
  eventFieldsArbitrary({ multiCurrencyAmounts: { maxLength: 2 } });

export interface IsolationScenario {
  /** The event A holds before the commands run (without it most commands could not run). */
  readonly first: FinancialEventFields;
  readonly commands: Iterable<Command>;
}

/** A first event of A, then up to MAX_COMMANDS commands. */
export const isolationScenarios = (): fc.Arbitrary<IsolationScenario> =>
  fc.record({ first: createdFieldsArbitrary(), commands: isolationCommands() });

/** Sequences of up to MAX_COMMANDS commands (FC_REPLAY_PATH, with FC_SEED and FC_PATH, replays one). */
export const isolationCommands = (replayPath = commandsReplayPath()): fc.Arbitrary<Iterable<Command>> =>
  fc.commands(
    [
      eventFieldsArbitrary({ multiCurrencyAmounts: { maxLength: 2 } }).map(
        (fields): Command => new ACreates(fields),
      ),
      fc.tuple(pickArbitrary, changeArbitrary()).map(([pick, change]): Command => new AUpdates(pick, change)),
      pickArbitrary.map((pick): Command => new AReads(pick)),
      pickArbitrary.map((pick): Command => new BReads(pick)),
      fc.tuple(pickArbitrary, changeArbitrary()).map(([pick, change]): Command => new BUpdates(pick, change)),
    ],
    { maxCommands: MAX_COMMANDS, ...(replayPath ? { replayPath } : {}) },
  );

/** A's first event, created before the commands run: the model run's setup. */
export const setUpIsolation = async (
  first: FinancialEventFields,
  system: IsolationSystem,
): Promise<{ model: IsolationModel; real: IsolationSystem }> => {
  const model: IsolationModel = { events: [] };
  await new ACreates(first).run(model, system);
  return { model, real: system };
};

/** After any sequence, every event of A still holds exactly what the model says. */
export const checkEveryEventOfA = async (model: IsolationModel, system: IsolationSystem): Promise<void> => {
  for (const [index, event] of model.events.entries()) {
    propertyCheck.sameEvent(await system.a.retrieve(system.uuids[index] as string), event);
  }
};
