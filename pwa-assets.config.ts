import { defineConfig, minimal2023Preset } from '@vite-pwa/assets-generator/config';

// The browser app's install icons, made from the one drawn icon (`npm run icons:web`; the PNGs
// are committed, so a build never needs this). 192 and 512 px for the manifest, a maskable 512 px
// one (the shield padded onto a white square, so a launcher's round or squircle mask never cuts
// it), and the 180 px one iPads put on the home screen. The SVG stays the tab's favicon.
export default defineConfig({
  headLinkOptions: { preset: '2023' },
  preset: { ...minimal2023Preset, transparent: { sizes: [192, 512] } },
  images: ['renderer/public/icon.svg'],
});
