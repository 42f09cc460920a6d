import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { PART_PROFILES, partSchedule, runPartsInSteps, type SelfCheckPart } from './part-schedule.ts';

test('PART SCHEDULE: the load rows first and alone; the client and fault rows beside the suite, which fills the cores they leave idle', () => {
  expect(partSchedule()).toEqual([['load rows'], ['client rows', 'fault rows', 'suite rows']]);
});

test('PART SCHEDULE: every part once; a part that needs idle cores never beside another; every waiting part beside a CPU-bound one', () => {
  const steps = partSchedule();
  const parts = Object.keys(PART_PROFILES) as SelfCheckPart[];
  expect(steps.flat().sort()).toEqual([...parts].sort());
  for (const step of steps) {
    if (step.some((part) => PART_PROFILES[part].needsIdleCores)) expect(step).toHaveLength(1);
    const waiting = step.filter((part) => !PART_PROFILES[part].keepsCoresBusy);
    if (waiting.length > 0 && step.length > 1)
      expect(step.some((part) => PART_PROFILES[part].keepsCoresBusy)).toBe(true);
  }
  const busyStep = steps.find((step) => step.some((part) => PART_PROFILES[part].keepsCoresBusy));
  for (const part of parts)
    if (!PART_PROFILES[part].keepsCoresBusy && !PART_PROFILES[part].needsIdleCores)
      expect(busyStep).toContain(part);
});

test('PART SCHEDULE: a part said to need idle cores is taken out of the busy step and run alone before it', () => {
  const steps = partSchedule({
    ...PART_PROFILES,
    'client rows': { keepsCoresBusy: false, needsIdleCores: true },
  });
  expect(steps).toEqual([['load rows'], ['client rows'], ['fault rows', 'suite rows']]);
});

/** A runner the test ends by hand, recording when it started and ended. */
const handRunner = (part: SelfCheckPart, events: string[]) => {
  let end: (value: string) => void = () => undefined;
  const ended = new Promise<string>((resolve) => {
    end = resolve;
  });
  return {
    run: async () => {
      events.push(`start ${part}`);
      const value = await ended;
      events.push(`end ${part}`);
      return value;
    },
    end: () => end(`${part} done`),
  };
};

test('PART SCHEDULE: a step starts when the one before has wholly ended, its parts all started together; every result returned', async () => {
  const events: string[] = [];
  const runners = {
    'load rows': handRunner('load rows', events),
    'client rows': handRunner('client rows', events),
    'fault rows': handRunner('fault rows', events),
    'suite rows': handRunner('suite rows', events),
  };
  const running = runPartsInSteps(partSchedule(), {
    'load rows': runners['load rows'].run,
    'client rows': runners['client rows'].run,
    'fault rows': runners['fault rows'].run,
    'suite rows': runners['suite rows'].run,
  });
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  await settle();
  expect(events).toEqual(['start load rows']);
  runners['load rows'].end();
  await settle();
  expect(events).toEqual([
    'start load rows',
    'end load rows',
    'start client rows',
    'start fault rows',
    'start suite rows',
  ]);
  runners['fault rows'].end();
  runners['suite rows'].end();
  await settle();
  expect(events.slice(5).sort()).toEqual(['end fault rows', 'end suite rows']);
  runners['client rows'].end();
  expect(await running).toEqual({
    'load rows': 'load rows done',
    'client rows': 'client rows done',
    'fault rows': 'fault rows done',
    'suite rows': 'suite rows done',
  });
});
