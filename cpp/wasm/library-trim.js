// chesswasm — an emscripten JS library linked into the package's module (CMakeLists.txt):
// embind registers std::wstring, std::u16string and std::u32string in every module, which
// brings UTF-16 and UTF-32 converters into the glue. No wide string crosses this boundary, so
// those types are registered here with conversions that refuse any use: 0.4 KB less gzipped
// glue. (mergeInto replaces embind's definition of the same library function.)
// SPDX-License-Identifier: MIT
mergeInto(LibraryManager.library, {
  _embind_register_std_wstring__deps: ['$readLatin1String', '$registerType', '$throwBindingError'],
  _embind_register_std_wstring: function (rawType, charSize, name) {
    name = readLatin1String(name);
    var refuse = function () {
      throwBindingError('no ' + name + ' crosses the chesswasm boundary');
    };
    registerType(rawType, {
      name: name,
      fromWireType: refuse,
      toWireType: refuse,
      argPackAdvance: 8,
      readValueFromPointer: refuse,
      destructorFunction: null,
    });
  },
});

// Start-up: embind names every class constructor, enum value and invoker with
// createNamedFunction, which builds each with `new Function` (one eval per name: 132 enum
// values, ~60 invokers, the classes). The same function, named with defineProperty instead,
// takes no eval: import-to-first-position time, see docs/performance.md ("import").
mergeInto(LibraryManager.library, {
  $createNamedFunction__deps: ['$makeLegalFunctionName'],
  $createNamedFunction: function (name, body) {
    var named = function () {
      return body.apply(this, arguments);
    };
    Object.defineProperty(named, 'name', { value: makeLegalFunctionName(name) });
    return named;
  },
});
