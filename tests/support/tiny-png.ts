/** 3 × 2 pixels, a real PNG: the server reads an upload's type and size from its bytes, so tests upload this. */
export const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAMAAAACCAIAAAASFvFNAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEElEQVQImWM4IScHQQxwFgBBAAYZ0KRMBAAAAABJRU5ErkJggg==', 'base64');
