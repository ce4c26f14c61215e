/** The enterprise and deployment forms (module leads). */
import { integer, pgTable, serial, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

export const leads = pgTable('leads', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 40 }).notNull(),
  company: varchar('company', { length: 100 }).notNull(),
  phone: varchar('phone', { length: 20 }).notNull(),
  email: varchar('email', { length: 254 }),
  product: varchar('product', { length: 40 }).notNull(),
  seats: integer('seats'),
  message: varchar('message', { length: 1000 }).notNull().default(''),
  status: varchar('status', { length: 16 }).notNull().default('new'),
  createdAt: createdAt(),
});
