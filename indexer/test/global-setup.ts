import { setUpTestServices } from '@lendpath/test-kit/test-services';

export default () => setUpTestServices('lendpath_indexer_test');
