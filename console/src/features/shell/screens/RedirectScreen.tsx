import { Navigate, useLocation, useParams } from 'react-router-dom';

/** /redirect/:path* — goes to /:path with the same query; used to re-open a page afresh. */
export default function RedirectPage() {
  const params = useParams();
  const { search } = useLocation();
  const target = `/${(params['*'] ?? '').replace(/^\/+/, '')}`;
  return <Navigate to={target.startsWith('//') ? '/' : `${target}${search}`} replace />;
}
