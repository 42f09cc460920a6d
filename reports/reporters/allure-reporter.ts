/**
 * allure-playwright, as the conformance config lists it. The one difference: `playwright merge-reports`
 * (merging the blob reports of shards, docs/scaling.md) configures reporters before it knows any
 * project, and allure-playwright reads the first project's folders then, which throws. Those folders
 * only serve screenshot comparisons, which the API suites never make: any folder will do.
 */
import type { FullConfig } from '@playwright/test/reporter';
import { AllureReporter } from 'allure-playwright';

export default class KitAllureReporter extends AllureReporter {
  override onConfigure(config: FullConfig): void {
    if (config.projects.length > 0) {
      super.onConfigure(config);
      return;
    }
    const folders = {
      outputDir: config.rootDir,
      snapshotDir: config.rootDir,
    } as FullConfig['projects'][number];
    super.onConfigure({ ...config, projects: [folders] });
  }
}
