export const alphaPart = 'alpha part';
