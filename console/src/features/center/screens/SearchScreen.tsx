import { ResourceSearch } from '../components/ResourceSearch.tsx';

/** Room inquiry (/center/search). */
export default function SearchScreen() {
  return <ResourceSearch type={0} />;
}
