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

// std::string from wasm to JS: 3.1.6 decodes a returned std::string piece by piece between NUL
// bytes, each piece with a TextDecoder that drops a leading U+FEFF, so "\0\uFEFF" lost its
// U+FEFF (a PGN error's detail could). Here the whole string is one decode that keeps every
// U+FEFF (ignoreBOM) and every NUL. To wasm: UTF-8 for std::string; Latin-1 bytes (each code
// unit below 256, or the bytes of a Uint8Array, Uint8ClampedArray, Int8Array or ArrayBuffer)
// for std::basic_string<unsigned char>, as embind does.
mergeInto(LibraryManager.library, {
  _embind_register_std_string__deps: ['$readLatin1String', '$registerType', '$simpleReadValueFromPointer',
    '$throwBindingError', 'malloc', 'free'],
  _embind_register_std_string: function (rawType, name) {
    name = readLatin1String(name);
    var utf8 = name === 'std::string';
    var decoder = new TextDecoder('utf-8', { ignoreBOM: true });
    registerType(rawType, {
      name: name,
      fromWireType: function (value) {
        var length = HEAPU32[value >> 2];
        var bytes = HEAPU8.subarray(value + 4, value + 4 + length);
        var str = '';
        if (utf8) {
          str = decoder.decode(bytes);
        } else {
          for (var i = 0; i < length; ++i) str += String.fromCharCode(bytes[i]);
        }
        _free(value);
        return str;
      },
      toWireType: function (destructors, value) {
        if (value instanceof ArrayBuffer) value = new Uint8Array(value);
        var isString = typeof value == 'string';
        if (!(isString || value instanceof Uint8Array || value instanceof Uint8ClampedArray || value instanceof Int8Array)) {
          throwBindingError('Cannot pass non-string to std::string');
        }
        var length = utf8 && isString ? lengthBytesUTF8(value) : value.length;
        var ptr = _malloc(4 + length + 1);
        HEAPU32[ptr >> 2] = length;
        if (utf8 && isString) {
          stringToUTF8(value, ptr + 4, length + 1);
        } else {
          for (var i = 0; i < length; ++i) {
            var c = isString ? value.charCodeAt(i) : value[i];
            if (c > 255) {
              _free(ptr);
              throwBindingError('String has UTF-16 code units that do not fit in 8 bits');
            }
            HEAPU8[ptr + 4 + i] = c;
          }
        }
        if (destructors !== null) destructors.push(_free, ptr);
        return ptr;
      },
      argPackAdvance: 8,
      readValueFromPointer: simpleReadValueFromPointer,
      destructorFunction: function (ptr) {
        _free(ptr);
      },
    });
  },
});
