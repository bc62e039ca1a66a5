import { useEffect, useState } from 'react';
import { deviceClass } from '@shop/shared/domain/shop-constants';

/** Device class by width (requirements#screens: up to 599 px xxs, up to 960 px xs, otherwise md). */
export function useDeviceClass(): 'xxs' | 'xs' | 'md' {
  const [value, setValue] = useState(() => deviceClass(typeof window === 'undefined' ? 1280 : window.innerWidth));
  useEffect(() => {
    const onResize = () => setValue(deviceClass(window.innerWidth));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return value;
}
