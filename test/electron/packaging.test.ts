import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

/* eslint-disable @typescript-eslint/no-explicit-any -- YAML and JSON documents, checked field by field below */
const config = parse(readFileSync('electron-builder.yml', 'utf8')) as Record<string, any>;
const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as Record<string, any>;

describe('electron-builder.yml', () => {
  it('names the app and its icons folder', () => {
    expect(config['appId']).toMatch(/^[a-z]+(\.[a-z]+)+$/);
    expect(config['productName']).toBe('Combat Companion');
    expect(config['directories'].buildResources).toBe('build');
    expect(readFileSync('build/icons/512x512.png').subarray(1, 4).toString()).toBe('PNG');
  });

  it('builds AppImage and deb for Linux, NSIS for Windows, dmg for macOS', () => {
    expect(config['linux'].target).toEqual(['AppImage', 'deb']);
    expect(config['win'].target).toEqual(['nsis']);
    expect(config['mac'].target).toEqual(['dmg']);
  });

  it('flips every fuse of the packaged app the way the app needs it, and no other', () => {
    // Not a Node runtime, no NODE_OPTIONS, no inspector; cookies encrypted; only the app's own
    // integrity-checked asar loads; file:// pages get no extra privileges (the app serves app://).
    expect(config['electronFuses']).toEqual({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableCookieEncryption: true,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      grantFileProtocolExtraPrivileges: false,
    });
  });

  it('sets only fuses electron-builder knows (a misspelt key would be ignored at packaging)', () => {
    const known = readFileSync('node_modules/app-builder-lib/out/configuration.d.ts', 'utf8');
    const block = known.slice(
      known.indexOf('export interface FuseOptionsV1'),
      known.indexOf('}', known.indexOf('export interface FuseOptionsV1')),
    );
    for (const key of Object.keys(config['electronFuses']))
      expect(block, `fuse ${key}`).toMatch(new RegExp(`\\b${key}\\?:`));
  });

  it('uses an Electron major that is still supported (the newest three) with the tools that build it', () => {
    const major = Number(/(\d+)/.exec(pkg['devDependencies']['electron'])![1]);
    expect(major).toBeGreaterThanOrEqual(43);
  });

  it('packages the electron-vite output that package.json starts from', () => {
    expect(pkg['main']).toBe('out/main/index.js');
    expect(config['files']).toContain('out/main/**');
    expect(config['files']).toContain('out/preload/**');
  });
});
