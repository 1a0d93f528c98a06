// Imported first by main.ts: Node keeps the compiled code of every module it loads on disk
// (os.tmpdir()/node-compile-cache), so a restart (a crash, a deploy, a benchmark) starts faster.
import { enableCompileCache } from 'node:module';

enableCompileCache();
