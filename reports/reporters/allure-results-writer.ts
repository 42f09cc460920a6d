/**
 * Allure's own results writer syncs every file to the disk (fsync) before renaming it into place, so
 * that a watcher never reads a file a power cut left half written. A conformance run writes every
 * check's exchanges as attachments, well over a thousand files, and each sync blocks the runner's
 * event loop: the loop that hands checks to workers and, for the embedded target, serves the
 * reference server's answers. The kit's results are read after the run, so this writer keeps the
 * rename (no reader sees half a file) and leaves the flush to the operating system.
 */
import { randomUUID } from 'node:crypto';
import { renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { TestResult } from 'allure-js-commons';
import type { Writer } from 'allure-js-commons/sdk/reporter';

/** Writes `data` beside `path` under a temporary name, then renames it into place. */
const publish = (path: string, data: string | Buffer): void => {
  const temporary = join(dirname(path), `.allure-write-${randomUUID()}.tmp`);
  writeFileSync(temporary, data);
  renameSync(temporary, path);
};

/**
 * Allure's file writer with the files a run writes per check (attachments, results) written without
 * a sync each; the few files a run writes once go through Allure's own writer.
 */
export const unsyncedResultsWriter = (allureWriter: Writer, resultsDir: string): Writer => ({
  writeGroup: (group) => allureWriter.writeGroup(group),
  writeAttachmentFromPath: (name, from) => allureWriter.writeAttachmentFromPath(name, from),
  writeEnvironmentInfo: (info) => allureWriter.writeEnvironmentInfo(info),
  writeCategoriesDefinitions: (categories) => allureWriter.writeCategoriesDefinitions(categories),
  writeGlobals: (name, info) => allureWriter.writeGlobals(name, info),
  writeAttachment: (name, content) => publish(join(resultsDir, name), content),
  writeResult: (result: TestResult) =>
    publish(join(resultsDir, `${result.uuid}-result.json`), JSON.stringify(result)),
});

/**
 * The reporter's runtime with that writer in place of Allure's file writer. allure-playwright builds
 * its runtime when the run begins and offers no option for its writer. The writer is recognised by
 * its class's name: the reporter may load Allure's CommonJS build and this file its ES module build,
 * two classes of one name. A writer of another kind (a test mode's message writer) is kept.
 */
export const useUnsyncedWriter = (reporter: object, resultsDir: string): boolean => {
  const runtime: unknown = Reflect.get(reporter, 'allureRuntime');
  if (typeof runtime !== 'object' || runtime === null) return false;
  const writer = Reflect.get(runtime, 'writer') as Writer | undefined;
  if (writer?.constructor.name !== 'FileSystemWriter') return false;
  Reflect.set(runtime, 'writer', unsyncedResultsWriter(writer, resultsDir));
  return true;
};
