// npm run admin:create -- --phone 13800000000 [--phone 13800000001 …]
// Makes (or promotes) the user with each mobile number an operator of the console at /admin.
// It opens the database like scripts/seed.ts (PGlite in DATA_DIR, or DATABASE_URL) and applies the
// migrations first. PGlite allows one process per data dir: stop the shop first when on PGlite.
import { openDb } from '../lib/server/db/client';
import { pgliteDir } from '../lib/server/db/data-dir';
import { DataDirLockedError } from '../lib/server/db/pglite-lock';
import { migrateDb } from '../lib/server/db/migrate';
import { AppError } from '../lib/server/errors';
import { makeOperator } from '../lib/server/modules/accounts';

const USAGE = '用法 / usage: npm run admin:create -- --phone 13800000000';

/** Every `--phone N` / `--phone=N` (one run may make several operators). */
function phoneArgs(argv: string[]): string[] {
  const phones: string[] = [];
  argv.forEach((a, i) => {
    if (a.startsWith('--phone=')) phones.push(a.slice('--phone='.length));
    else if (a === '--phone' && argv[i + 1] !== undefined) phones.push(argv[i + 1]);
  });
  return phones;
}

async function main(): Promise<number> {
  const phones = phoneArgs(process.argv.slice(2));
  if (phones.length === 0) {
    console.error(`缺少手机号 / missing --phone\n${USAGE}`);
    return 2;
  }
  const where = process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `PGlite ${pgliteDir()}`;
  let handle;
  try {
    handle = await openDb();
    await migrateDb(handle);
  } catch (err) {
    await handle?.close().catch(() => {});
    if (err instanceof DataDirLockedError) {
      console.error(
        `无法打开数据库 ${where}：它正被进程 ${err.pid}（多半是运行中的商城）占用，PGlite 同一数据目录只允许一个进程。请先停止商城再运行本命令。\n` +
          `Cannot open ${where}: process ${err.pid} (probably the running shop) holds it; PGlite allows one process per data dir. Stop the shop, then run this again.`,
      );
    } else {
      console.error(`无法打开数据库 ${where} / cannot open the database: ${err instanceof Error ? err.message : String(err)}`);
    }
    return 1;
  }
  try {
    for (const phone of phones) {
      const r = await makeOperator(handle.db, phone);
      const said = {
        created: ['已创建运营账号', 'created a new operator account'],
        promoted: ['已将该用户设为运营人员', 'promoted the user to operator'],
        unchanged: ['该用户已经是运营人员，无需更改', 'the user already is an operator; nothing changed'],
      }[r.outcome];
      console.log(`${said[0]}：${r.phone}（用户 ID ${r.userId}，${handle.kind}）。用此手机号以验证码登录后访问 /admin。`);
      console.log(`${said[1]}: ${r.phone} (user id ${r.userId}, ${handle.kind}). Log in with this phone (SMS code) and open /admin.`);
    }
    return 0;
  } catch (err) {
    if (err instanceof AppError) {
      console.error(`${err.message}\n${USAGE}`);
      return 2;
    }
    console.error(`设置运营人员失败 / failed: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  } finally {
    await handle.close();
  }
}

process.exitCode = await main();
