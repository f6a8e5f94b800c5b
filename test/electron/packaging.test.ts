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

  it('turns off RunAsNode, NODE_OPTIONS and inspector arguments in the packaged app', () => {
    expect(config['electronFuses']).toMatchObject({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
    });
  });

  it('packages the electron-vite output that package.json starts from', () => {
    expect(pkg['main']).toBe('out/main/index.js');
    expect(config['files']).toContain('out/main/**');
    expect(config['files']).toContain('out/preload/**');
  });
});
