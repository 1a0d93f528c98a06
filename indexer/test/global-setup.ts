import { setUpTestServices } from '../../scripts/lib/test-services.ts';

export default () => setUpTestServices('lendpath_indexer_test');
