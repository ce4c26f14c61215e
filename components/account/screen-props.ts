/** What the account screens take from their page. Which path is which device's screen: lib/domain/screens.ts. */
import type { Device } from '@/lib/web/device';
import type { PageQuery } from '@/lib/web/page-query';

export type ScreenProps = { path: string };
export type DeviceScreenProps = { path: string; device: Device };
export type QueryScreenProps = ScreenProps & { query: PageQuery };
export type DeviceQueryScreenProps = DeviceScreenProps & { query: PageQuery };
