/** The console's 概览: figures read from the modules below. The module's public surface: docs/architecture.md. */
export { type Dashboard, getDashboard } from './dashboard';
