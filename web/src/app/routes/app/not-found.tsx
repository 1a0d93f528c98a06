import { Link } from 'react-router-dom';

import { PageHeader } from '@/components/layout/page-header';
import { paths } from '@/config/paths';

export default function NotFoundRoute() {
  return (
    <PageHeader
      title="Page not found"
      subtitle={
        <>
          There is nothing at this address yet.{' '}
          <Link to={paths.dashboard}>Go to your dashboard</Link>
        </>
      }
    />
  );
}
