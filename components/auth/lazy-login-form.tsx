'use client';
import dynamic from 'next/dynamic';

/**
 * LoginForm in its own chunk, rendered on the server as usual: the account screens show it only to a
 * visitor, so a logged-in shopper's page does not load the form and its validation schemas.
 */
export const LazyLoginForm = dynamic(() => import('./login-form').then((m) => m.LoginForm));
