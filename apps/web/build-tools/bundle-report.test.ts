import { describe, expect, it } from 'vitest';
import { computeRouteSizes, staticClosure, type Manifest } from './bundle-report.ts';

const manifest: Manifest = {
  'index.html': {
    file: 'assets/index.js',
    isEntry: true,
    imports: ['_react.js'],
    dynamicImports: ['src/app/routes/login.tsx', 'src/app/layout/app-shell.tsx'],
  },
  '_react.js': { file: 'assets/react.js' },
  '_form.js': { file: 'assets/form.js', imports: ['_react.js'] },
  'src/app/routes/login.tsx': {
    file: 'assets/login.js',
    isDynamicEntry: true,
    imports: ['_form.js'],
  },
  'src/app/layout/app-shell.tsx': {
    file: 'assets/shell.js',
    isDynamicEntry: true,
    imports: ['_icons.js'],
  },
  '_icons.js': { file: 'assets/icons.js' },
};

describe('bundle report', () => {
  it('follows static imports only, once each', () => {
    expect(staticClosure(manifest, ['index.html', 'src/app/routes/login.tsx'])).toEqual([
      'assets/index.js',
      'assets/react.js',
      'assets/login.js',
      'assets/form.js',
    ]);
  });

  it('adds the shell chunk only for routes that show it', () => {
    const sizes = computeRouteSizes(
      manifest,
      [
        { path: '/login', module: 'src/app/routes/login.tsx', withShell: false },
        { path: '/x', module: 'src/app/routes/login.tsx', withShell: true },
      ],
      { entry: 'index.html', shellModule: 'src/app/layout/app-shell.tsx', sizeOf: () => 10 },
    );
    expect(sizes.map((s) => s.gzipBytes)).toEqual([40, 60]);
  });

  it('fails loudly when a module is missing from the manifest', () => {
    expect(() => staticClosure(manifest, ['src/nope.tsx'])).toThrow(/not in the Vite manifest/);
  });
});
