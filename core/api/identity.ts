export const APP_NAME = 'Combat Companion';
