import { defineProject } from 'vitest/config';

export default defineProject({ test: { name: 'recommendations', environment: 'node' } });
