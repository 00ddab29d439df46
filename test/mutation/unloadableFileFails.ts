import type { RunnerTestFile } from 'vitest';
import type { Reporter, TestModule } from 'vitest/node';

/**
 * For mutation runs only (vitest.mutation.config.ts). A test file that cannot be loaded — a mutant
 * made its machine throw while being built, or its generated paths throw while being collected —
 * holds no test, and StrykerJS's vitest runner builds a mutant's verdict from the tests it finds, so
 * it scored such a mutant "survived" (stryker-js issue #6150). This gives each such file one failed
 * test carrying the file's load error, so the mutant counts as killed, as it is: the suite fails.
 */
export default class UnloadableFileFails implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    for (const module of testModules) {
      // The module's task (vitest keeps it on the reported module; its types mark it internal): the
      // file Stryker's runner reads its tests from.
      const file = (module as unknown as { task: RunnerTestFile }).task;
      if (file.result?.state !== 'fail' || file.tasks.length > 0) continue;
      const message = file.result.errors?.[0]?.message ?? 'the test file failed to load';
      // Only the fields the runner reads (name, file, result); vitest builds a real test's context
      // itself, and nothing reads one once the run has ended.
      file.tasks.push({
        type: 'test',
        id: `${file.id}_load`,
        name: 'loads',
        mode: 'run',
        file,
        suite: file,
        result: { state: 'fail', errors: [{ message, name: 'Error' }] },
        meta: {},
        context: undefined as never,
        annotations: [],
        artifacts: [],
        timeout: 0,
      } as never);
    }
  }
}
