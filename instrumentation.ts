export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  if (process.env.NEXT_PHASE === 'phase-production-build') return;
  // First the settings: a start that lacks one ends here, naming it (docs/rules.md#environment).
  const { exitOnBadSettings } = await import('./lib/server/startup');
  exitOnBadSettings();
  const { bootstrap } = await import('./lib/server/bootstrap');
  await bootstrap();
}
