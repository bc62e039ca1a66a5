// Setup of the component tests (vitest project 'components', happy-dom): each test starts on a
// fresh document and storage.
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
