import type { Device } from '@/lib/device';

/** Where the account's lists live on each device (desktop uses the personal center). */
export const ACCOUNT_PATHS: Record<Device, { orders: string; cart: string }> = {
  mobile: { orders: '/Order', cart: '/Cart' },
  desktop: { orders: '/personalCenter/PersonalOrder', cart: '/personalCenter/PersonalShoppCart' },
};

export type ScreenProps = { path: string };
export type DeviceScreenProps = { path: string; device: Device };
