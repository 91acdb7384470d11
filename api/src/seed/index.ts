import type { Ctx } from '../context.js';
import { insertUser } from '../accounts/queries.js';
import { seedDemo } from './demo.js';

/** First start: the super admin when none exists; the demo shop when the catalogue is empty. */
export async function seed(ctx: Ctx, opts: { adminEmail: string; adminPassword: string; demo: boolean }): Promise<{ adminCreated: boolean }> {
  const { db } = ctx;
  const admin = await db.one(`SELECT id FROM users WHERE is_super_admin`);
  if (!admin) {
    await insertUser(db, {
      fullName: 'Shop Admin',
      email: opts.adminEmail,
      contact: '0000000000',
      passwordHash: await ctx.auth.hashPassword(opts.adminPassword),
      role: 'admin',
      isSuperAdmin: true,
    });
  }
  if (opts.demo) {
    const counts = await db.one<{ p: number; c: number }>(`SELECT (SELECT count(*) FROM products) AS p, (SELECT count(*) FROM currencies) AS c`);
    if (counts!.p === 0 && counts!.c === 0) await seedDemo(ctx);
  }
  return { adminCreated: !admin };
}
