/**
 * The screens' own settings (docs/rules.md#ui-constants, docs/rules.md#image-viewer): toasts and the messages
 * kept for the next page, the home carousel, the image viewer, the quantity stepper, and how often
 * the pay screens poll.
 */

export const TOAST_DURATION_MS = 3000;
export const TOAST_OFFSET = 16;
/** sessionStorage key of a message to toast after a full page change (416 → home). */
export const FLASH_TOAST_KEY = 'flash-toast';
/** The same for good news (注销账号 → home). */
export const FLASH_SUCCESS_KEY = 'flash-toast-ok';

export const CAROUSEL = {
  loop: true,
  slidesPerView: 1,
  spaceBetween: 30,
  autoplayDelayMs: 3000,
  speedMs: 300,
} as const;

export const IMAGE_VIEWER = { zoomRate: 1.2, minScale: 0.2, maxScale: 7 } as const;

/** Holding a stepper button repeats the step this often. */
export const STEPPER_REPEAT_MS = 200;

/** The pay screens poll the payment's status this often (docs/rules.md#payments). */
export const PAYMENT_POLL_MS = 2_000;
