// Unit tests see an imported image or font as its file name.
module.exports = 'asset-file';
