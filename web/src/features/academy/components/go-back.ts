import { useLocation, useNavigate } from 'react-router-dom';

import { paths } from '@/config/paths';

/** Back where the member came from inside the app, or to the Academy when they came from outside. */
export function useGoBack(): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  // The first entry of a visit has the key 'default': there is nothing in the app to go back to.
  return () => {
    void (location.key === 'default' ? navigate(paths.academy) : navigate(-1));
  };
}
